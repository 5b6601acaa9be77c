import { Pool } from 'pg';
/** The application connects as role `ledger_app`, which owns every table. */
export const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 15 });
