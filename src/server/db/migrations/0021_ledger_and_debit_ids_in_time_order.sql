-- A version 7 uuid (RFC 9562): 48 bits of Unix time in milliseconds, then random bits. PostgreSQL
-- 18 has uuidv7(); this one also runs on the PostgreSQL 15 servers we support (ADR 1498).
-- A random version 4 uuid keeps its variant; its first 6 bytes become the time, and setting bits 52
-- and 53 turns version 4 (0100) into 7 (0111).
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "sepa_debits" ALTER COLUMN "id" SET DEFAULT uuid_v7();