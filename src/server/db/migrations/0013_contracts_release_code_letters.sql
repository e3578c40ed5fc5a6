-- ADR 1119: the release code is no longer the one printed on the certificate (the tenant holds it)
-- but one the landlord receives by letter. Contracts that can still be released get that letter.
INSERT INTO "contract_letters" ("application_id", "recipient", "kind", "created_at")
SELECT "application_id", 'landlord', 'release_code', now()
FROM "contracts"
WHERE "status" IN ('active', 'cancelled');
