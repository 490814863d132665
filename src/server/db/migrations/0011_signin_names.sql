-- Usernames and e-mail addresses form one case-insensitive namespace of sign-in names. Each column
-- is already unique on its own; where an account's e-mail equals another account's username, the
-- username wins (it is what that person signs in with) and the e-mail is cleared. The outcome does
-- not depend on row order, and every cleared address is audited.
INSERT INTO "audit_log" ("id", "action", "entity", "entity_id", "changes")
SELECT gen_random_uuid(), 'user.email_cleared', 'user', u."id"::text,
  jsonb_build_object('email', jsonb_build_object('from', u."email", 'to', NULL), 'reason', 'sign_in_name_taken')
FROM "users" u
WHERE u."email" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "users" o WHERE o."id" <> u."id" AND lower(o."username") = lower(u."email"));
--> statement-breakpoint
UPDATE "users" u SET "email" = NULL, "updated_at" = now()
WHERE u."email" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "users" o WHERE o."id" <> u."id" AND lower(o."username") = lower(u."email"));
