CREATE TABLE "logbook_check_days" (
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"checks" integer NOT NULL,
	"failures" integer NOT NULL,
	"last_entry_id" uuid NOT NULL,
	"last_name" text,
	"last_value" boolean,
	"last_notes" text,
	CONSTRAINT "logbook_check_days_date_kind_key_pk" PRIMARY KEY("date","kind","key")
);
--> statement-breakpoint
CREATE TABLE "report_checklist_days" (
	"report_date" date NOT NULL,
	"category" text NOT NULL,
	"item" text NOT NULL,
	"answers" integer NOT NULL,
	"checked" integer NOT NULL,
	"failed" integer NOT NULL,
	CONSTRAINT "report_checklist_days_report_date_category_item_pk" PRIMARY KEY("report_date","category","item")
);
--> statement-breakpoint
CREATE TABLE "report_machine_days" (
	"report_date" date NOT NULL,
	"excavator_id" uuid NOT NULL,
	"reports" integer NOT NULL,
	"checklist_reports" integer NOT NULL,
	"failed" integer NOT NULL,
	"min_hours" double precision,
	"max_hours" double precision,
	CONSTRAINT "report_machine_days_report_date_excavator_id_pk" PRIMARY KEY("report_date","excavator_id")
);
--> statement-breakpoint
CREATE TABLE "report_status_days" (
	"report_date" date NOT NULL,
	"status" text NOT NULL,
	"reports" integer NOT NULL,
	CONSTRAINT "report_status_days_report_date_status_pk" PRIMARY KEY("report_date","status")
);
--> statement-breakpoint
CREATE INDEX "logbook_check_days_key_idx" ON "logbook_check_days" USING btree ("kind","key","date");--> statement-breakpoint
CREATE INDEX "reports_live_approved_idx" ON "reports" USING btree ("approved_at","submitted_at") WHERE deleted_at is null and approved_at is not null and submitted_at is not null;--> statement-breakpoint
CREATE INDEX "reports_live_pending_idx" ON "reports" USING btree (coalesce("submitted_at", "updated_at"),"id") WHERE deleted_at is null and status = 'pending';--> statement-breakpoint
-- Day totals for the analytics and the dashboard, kept by statement triggers in the
-- writing transaction: every report or logbook date a write touches is recomputed from the live rows of
-- that date. Writers take an advisory lock first, so each recompute reads the rows committed before it
-- (READ COMMITTED).
-- The checklist answers of a report as the analytics count them: every item of every category object.
CREATE FUNCTION "fp_checklist_answers"(checklist jsonb) RETURNS TABLE(category text, item text, state text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select c.key, i.key, i.value->>'state'
  from jsonb_each(case when jsonb_typeof(checklist) = 'object' then checklist else '{}'::jsonb end) c
  cross join lateral jsonb_each(case when jsonb_typeof(c.value) = 'object' then c.value else '{}'::jsonb end) i
$$;
--> statement-breakpoint
CREATE FUNCTION "fp_refresh_report_days"(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF days IS NULL OR cardinality(days) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(724311002);
  DELETE FROM report_checklist_days WHERE report_date = ANY(days);
  INSERT INTO report_checklist_days (report_date, category, item, answers, checked, failed)
    SELECT r.report_date, a.category, a.item, count(*),
      count(*) FILTER (WHERE a.state IN ('ok', 'not_ok')), count(*) FILTER (WHERE a.state = 'not_ok')
    FROM reports r CROSS JOIN LATERAL fp_checklist_answers(r.checklist) a
    WHERE r.deleted_at IS NULL AND r.report_date = ANY(days)
    GROUP BY r.report_date, a.category, a.item;
  DELETE FROM report_machine_days WHERE report_date = ANY(days);
  INSERT INTO report_machine_days (report_date, excavator_id, reports, checklist_reports, failed, min_hours, max_hours)
    SELECT r.report_date, r.excavator_id, count(*), count(*) FILTER (WHERE a.answers > 0), coalesce(sum(a.failed), 0),
      min(r.operating_hours), max(r.operating_hours)
    FROM reports r CROSS JOIN LATERAL (
      SELECT count(*) AS answers, count(*) FILTER (WHERE x.state = 'not_ok') AS failed
      FROM fp_checklist_answers(r.checklist) x
    ) a
    WHERE r.deleted_at IS NULL AND r.report_date = ANY(days)
    GROUP BY r.report_date, r.excavator_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fp_refresh_report_status_days"(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF days IS NULL OR cardinality(days) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(724311002);
  DELETE FROM report_status_days WHERE report_date = ANY(days);
  INSERT INTO report_status_days (report_date, status, reports)
    SELECT report_date, status, count(*) FROM reports
    WHERE deleted_at IS NULL AND report_date = ANY(days)
    GROUP BY report_date, status;
END $$;
--> statement-breakpoint
-- The dates whose live reports a statement changed: soft delete and restore, date and status (status
-- days); date, machine, checklist and hours (checklist and machine days).
CREATE FUNCTION "fp_reports_day_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status_days date[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT report_date) INTO days FROM new_rows WHERE deleted_at IS NULL;
    status_days := days;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT report_date) INTO days FROM old_rows WHERE deleted_at IS NULL;
    status_days := days;
  ELSE
    SELECT array_agg(DISTINCT d) FILTER (WHERE status_changed), array_agg(DISTINCT d) FILTER (WHERE totals_changed)
    INTO status_days, days
    FROM (
      SELECT unnest(ARRAY[o.report_date, n.report_date]) AS d,
        (o.report_date, o.deleted_at, o.status) IS DISTINCT FROM (n.report_date, n.deleted_at, n.status)
          AS status_changed,
        (o.report_date, o.excavator_id, o.deleted_at, o.operating_hours, o.checklist)
          IS DISTINCT FROM (n.report_date, n.excavator_id, n.deleted_at, n.operating_hours, n.checklist)
          AS totals_changed
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.deleted_at IS NULL OR n.deleted_at IS NULL
    ) changed;
  END IF;
  PERFORM fp_refresh_report_status_days(status_days);
  PERFORM fp_refresh_report_days(days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fp_reports_day_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_status_days, report_checklist_days, report_machine_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_day_totals_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_reports_day_totals();
--> statement-breakpoint
CREATE TRIGGER "reports_day_totals_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_reports_day_totals();
--> statement-breakpoint
CREATE TRIGGER "reports_day_totals_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_reports_day_totals();
--> statement-breakpoint
CREATE TRIGGER "reports_day_totals_truncate" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION fp_reports_day_totals_truncate();
--> statement-breakpoint
-- A JSON true/false (or its text) as a boolean; anything else is null instead of an error.
CREATE FUNCTION "fp_json_bool"(value jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case lower(btrim(value #>> '{}'))
    when 'true' then true when 't' then true when 'yes' then true when 'y' then true when 'on' then true when '1' then true
    when 'false' then false when 'f' then false when 'no' then false when 'n' then false when 'off' then false when '0' then false
  end
$$;
--> statement-breakpoint
CREATE FUNCTION "fp_refresh_logbook_days"(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF days IS NULL OR cardinality(days) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(724311003);
  DELETE FROM logbook_check_days WHERE date = ANY(days);
  INSERT INTO logbook_check_days (date, kind, key, checks, failures, last_entry_id, last_name, last_value, last_notes)
    SELECT date, kind, key, count(*),
      count(*) FILTER (WHERE CASE kind WHEN 'conveyor' THEN value = false ELSE value = true END),
      (array_agg(entry_id ORDER BY created_at DESC, entry_id DESC, n DESC))[1],
      (array_agg(name ORDER BY created_at DESC, entry_id DESC, n DESC))[1],
      (array_agg(value ORDER BY created_at DESC, entry_id DESC, n DESC))[1],
      (array_agg(notes ORDER BY created_at DESC, entry_id DESC, n DESC))[1]
    FROM (
      SELECT e.date, 'conveyor' AS kind, coalesce(c.value->>'key', lower(c.value->>'name')) AS key, e.id AS entry_id,
        e.created_at, c.n, c.value->>'name' AS name, fp_json_bool(c.value->'functional') AS value, c.value->>'notes' AS notes
      FROM logbook_entries e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.conveyor_checks) = 'array' THEN e.conveyor_checks ELSE '[]'::jsonb END)
        WITH ORDINALITY c(value, n)
      WHERE e.deleted_at IS NULL AND e.date = ANY(days)
      UNION ALL
      SELECT e.date, 'special', coalesce(s.value->>'key', lower(s.value->>'name')), e.id,
        e.created_at, s.n, s.value->>'name', fp_json_bool(s.value->'open'), s.value->>'notes'
      FROM logbook_entries e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.special_checks) = 'array' THEN e.special_checks ELSE '[]'::jsonb END)
        WITH ORDINALITY s(value, n)
      WHERE e.deleted_at IS NULL AND e.date = ANY(days)
    ) checks
    WHERE key IS NOT NULL
    GROUP BY date, kind, key;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fp_logbook_day_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT date) INTO days FROM new_rows WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT date) INTO days FROM old_rows WHERE deleted_at IS NULL;
  ELSE
    SELECT array_agg(DISTINCT d) INTO days FROM (
      SELECT unnest(ARRAY[o.date, n.date]) AS d
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.deleted_at IS NULL OR n.deleted_at IS NULL)
        AND (o.date, o.created_at, o.deleted_at, o.conveyor_checks, o.special_checks)
          IS DISTINCT FROM (n.date, n.created_at, n.deleted_at, n.conveyor_checks, n.special_checks)
    ) changed;
  END IF;
  PERFORM fp_refresh_logbook_days(days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fp_logbook_day_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE logbook_check_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logbook_day_totals_insert" AFTER INSERT ON "logbook_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_logbook_day_totals();
--> statement-breakpoint
CREATE TRIGGER "logbook_day_totals_update" AFTER UPDATE ON "logbook_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_logbook_day_totals();
--> statement-breakpoint
CREATE TRIGGER "logbook_day_totals_delete" AFTER DELETE ON "logbook_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fp_logbook_day_totals();
--> statement-breakpoint
CREATE TRIGGER "logbook_day_totals_truncate" AFTER TRUNCATE ON "logbook_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION fp_logbook_day_totals_truncate();
--> statement-breakpoint
-- Backfill from the rows already there.
SELECT fp_refresh_report_status_days(array(SELECT DISTINCT report_date FROM reports WHERE deleted_at IS NULL));
--> statement-breakpoint
SELECT fp_refresh_report_days(array(SELECT DISTINCT report_date FROM reports WHERE deleted_at IS NULL));
--> statement-breakpoint
SELECT fp_refresh_logbook_days(array(SELECT DISTINCT date FROM logbook_entries WHERE deleted_at IS NULL));
