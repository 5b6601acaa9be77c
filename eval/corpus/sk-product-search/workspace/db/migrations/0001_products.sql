CREATE TABLE products (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  brand text,
  price_cents integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
