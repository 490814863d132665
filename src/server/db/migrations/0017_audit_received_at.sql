-- The audit log's `at` is the time of the action (a device's time for work done offline); the time the
-- server received it is kept beside it. Older rows have none: for them the two were the same.
ALTER TABLE "audit_log" ADD COLUMN "received_at" timestamp with time zone;
