CREATE TABLE articles (
  id bigint PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  CHECK (NOT published OR published_at IS NOT NULL)
);
CREATE INDEX articles_published_idx ON articles (published_at DESC, id DESC) WHERE published;
