-- Calendar feeds (issue #34): a calendar app updates an event it already has, instead of adding a
-- second one, when the feed gives the same UID with a higher SEQUENCE. A series' schedule revision
-- counts the changes of its date, whatever made them (the organizer's PATCH, a stage's scheduling,
-- a seed): a trigger bumps it, so no writer can forget to. `rescheduled_at` is the feed's
-- LAST-MODIFIED.
ALTER TABLE "match_series" ADD COLUMN "schedule_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_series" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION match_series_schedule_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.schedule_revision := OLD.schedule_revision + 1;
  NEW.rescheduled_at := statement_timestamp();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER match_series_rescheduled BEFORE UPDATE OF "date" ON "match_series"
  FOR EACH ROW WHEN (OLD."date" IS DISTINCT FROM NEW."date")
  EXECUTE FUNCTION match_series_schedule_revision();
--> statement-breakpoint
-- The same for a segment's dates and check-in window (the event feed's stage and check-in entries).
ALTER TABLE "segments" ADD COLUMN "schedule_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE TRIGGER segments_rescheduled BEFORE UPDATE OF "date_from", "date_to", "checkins_config" ON "segments"
  FOR EACH ROW WHEN (
    OLD."date_from" IS DISTINCT FROM NEW."date_from"
    OR OLD."date_to" IS DISTINCT FROM NEW."date_to"
    OR OLD."checkins_config" IS DISTINCT FROM NEW."checkins_config"
  )
  EXECUTE FUNCTION match_series_schedule_revision();
