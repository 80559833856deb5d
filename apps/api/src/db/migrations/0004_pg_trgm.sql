-- Trigram indexes make the search-as-you-type of products (ILIKE '%…%') use an index instead of reading every row.
-- pg_trgm is a trusted extension in PostgreSQL 13+, and PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
