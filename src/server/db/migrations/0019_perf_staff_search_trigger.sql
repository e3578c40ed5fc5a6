-- The staff search's terms (ADR 1271), kept by the database for every submitted, live
-- application. Drafts are never touched (the triggers' WHEN clauses), so the tenant's saves cost
-- nothing extra. Plain SQL and btree: the same on PGlite and PostgreSQL, no extension.
CREATE FUNCTION staff_search_terms_of(d jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  WITH people(first, last) AS (
    SELECT lower(trim(coalesce(d->'firstTenant'->>'firstName', ''))),
           lower(trim(coalesce(d->'firstTenant'->>'lastName', '')))
    UNION ALL
    SELECT lower(trim(coalesce(d->'secondTenant'->>'firstName', ''))),
           lower(trim(coalesce(d->'secondTenant'->>'lastName', '')))
  ),
  terms(term) AS (
    SELECT 'n:' || trim(first || ' ' || last) FROM people
    UNION ALL SELECT 'n:' || last FROM people
    UNION ALL SELECT 'n:' || w FROM people, regexp_split_to_table(first || ' ' || last, '[\s-]+') AS w
    UNION ALL SELECT 'e:' || lower(trim(d->'firstTenant'->>'email'))
    UNION ALL SELECT 'i:' || right(replace(d->'bankAccount'->>'iban', ' ', ''), 4)
    UNION ALL SELECT 'z:' || trim(d->'object'->'address'->>'zip')
    UNION ALL SELECT 'z:' || trim(d->'firstTenant'->'address'->>'zip')
  )
  SELECT DISTINCT term FROM terms WHERE term IS NOT NULL AND length(term) > 2
$$;
--> statement-breakpoint
CREATE FUNCTION staff_search_terms_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM staff_search_terms WHERE application_id = NEW.id;
  IF NEW.submitted_at IS NOT NULL AND NOT NEW.sandbox THEN
    INSERT INTO staff_search_terms (application_id, term, submitted_at)
    SELECT NEW.id, t, NEW.submitted_at FROM staff_search_terms_of(NEW.data) AS t;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER applications_staff_search_insert AFTER INSERT ON applications
  FOR EACH ROW WHEN (NEW.submitted_at IS NOT NULL)
  EXECUTE FUNCTION staff_search_terms_refresh();
--> statement-breakpoint
CREATE TRIGGER applications_staff_search_update AFTER UPDATE OF data, submitted_at, sandbox
  ON applications
  FOR EACH ROW WHEN (NEW.submitted_at IS NOT NULL OR OLD.submitted_at IS NOT NULL)
  EXECUTE FUNCTION staff_search_terms_refresh();
--> statement-breakpoint
INSERT INTO staff_search_terms (application_id, term, submitted_at)
SELECT a.id, t, a.submitted_at
  FROM applications a, staff_search_terms_of(a.data) AS t
 WHERE a.submitted_at IS NOT NULL AND NOT a.sandbox;
