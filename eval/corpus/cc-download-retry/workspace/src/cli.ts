import { Command } from 'commander';
import { downloadReport } from './download.js';

const program = new Command('reportctl');
program
  .command('get <id>')
  .option('-o, --out <file>', 'output file')
  .action(async (id: string, opts: { out?: string }) => {
    await downloadReport(`${process.env.REPORTS_URL}/reports/${id}.csv`, opts.out ?? `${id}.csv`, process.env.REPORTS_TOKEN ?? '');
  });
await program.parseAsync();
