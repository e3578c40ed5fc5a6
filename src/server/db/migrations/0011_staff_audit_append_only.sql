-- ADR 1201: the staff audit trail is append-only on both engines. A trigger refuses every
-- UPDATE and DELETE of a row (and TRUNCATE of the table), whoever asks.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_update_delete BEFORE UPDATE OR DELETE ON "staff_audit"
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON "staff_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
--> statement-breakpoint
-- PostgreSQL with a separate application role (README "Running on PostgreSQL"): when the role
-- mietkaution_app exists, it may only read and append. The owner running the migrations keeps
-- its rights (it could drop the trigger); the server should then connect as mietkaution_app.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mietkaution_app') THEN
    REVOKE UPDATE, DELETE, TRUNCATE ON "staff_audit" FROM mietkaution_app;
    GRANT SELECT, INSERT ON "staff_audit" TO mietkaution_app;
  END IF;
END;
$$;
