-- The mirrored lists (excavators, reports, logbook, inventory) keep their pages in memory in every
-- instance; these triggers tell all of them when a table's rows change, whichever process changed them.
-- One notification per statement (the payload is the table name, see 0012); delivered on commit only.
CREATE TRIGGER excavators_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON excavators
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
--> statement-breakpoint
CREATE TRIGGER reports_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
--> statement-breakpoint
CREATE TRIGGER logbook_entries_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON logbook_entries
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
--> statement-breakpoint
CREATE TRIGGER inventory_items_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inventory_items
  FOR EACH STATEMENT EXECUTE FUNCTION fleetpilot_notify_change();
