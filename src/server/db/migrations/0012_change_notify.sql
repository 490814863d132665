-- Every instance keeps users and settings in memory; these triggers tell all of them when a row changes,
-- whichever process changed it. Notifications are delivered on commit only.
CREATE OR REPLACE FUNCTION fleetpilot_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' AND TG_LEVEL = 'ROW' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('fleetpilot_changes', 'users:' || OLD.id::text);
    ELSE
      PERFORM pg_notify('fleetpilot_changes', 'users:' || NEW.id::text);
      IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN
        PERFORM pg_notify('fleetpilot_changes', 'users:' || OLD.id::text);
      END IF;
    END IF;
  ELSE
    PERFORM pg_notify('fleetpilot_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION fleetpilot_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
--> statement-breakpoint
CREATE TRIGGER app_settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_settings
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
