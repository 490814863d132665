CREATE TABLE "record_field_changes" (
	"tbl" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_field_changes_pk" PRIMARY KEY("tbl","record_id","version","field")
);
--> statement-breakpoint
-- Which column of a synced row changed in which version, and its value before: a field-level PATCH
-- based on an older version reads what changed since (and the base value) from here. Kept by a row
-- trigger so every writer (edits, workflow steps, imports, bulk tag changes) is covered without each
-- remembering to record it.
CREATE FUNCTION "fp_record_field_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb := to_jsonb(NEW);
  col text;
BEGIN
  IF NEW.version IS NOT DISTINCT FROM OLD.version THEN
    RETURN NEW;
  END IF;
  FOR col IN SELECT jsonb_object_keys(new_row) LOOP
    IF col NOT IN ('id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by', 'change_seq', 'deleted_at')
       AND (old_row -> col) IS DISTINCT FROM (new_row -> col) THEN
      INSERT INTO record_field_changes ("tbl", "record_id", "version", "field", "old_value")
        VALUES (TG_TABLE_NAME, NEW.id, NEW.version, col, old_row -> col)
        ON CONFLICT DO NOTHING;
    END IF;
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "excavators_field_changes" AFTER UPDATE ON "excavators" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
--> statement-breakpoint
CREATE TRIGGER "reports_field_changes" AFTER UPDATE ON "reports" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
--> statement-breakpoint
CREATE TRIGGER "logbook_entries_field_changes" AFTER UPDATE ON "logbook_entries" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
--> statement-breakpoint
CREATE TRIGGER "inventory_items_field_changes" AFTER UPDATE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
--> statement-breakpoint
CREATE TRIGGER "dispo_assignments_field_changes" AFTER UPDATE ON "dispo_assignments" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
