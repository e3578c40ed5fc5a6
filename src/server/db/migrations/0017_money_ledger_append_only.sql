-- The premium ledger is append-only (ADR 1220): no row is ever changed. Deleting stays possible,
-- because a contract's rows go with its application when the retention period ends (ADR 0922).
CREATE FUNCTION ledger_entries_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries are append-only: book a correction instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_no_update();
