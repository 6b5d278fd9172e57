-- Event announcements to the community's chat (issue #34): the organizer's Discord webhook per event
-- (a secret: the API only ever shows it masked) and the announcements queued in the transaction of
-- the change that causes them, sent by the `announcements.deliver` job.
CREATE TABLE "event_announcement_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"webhook_url" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_status" integer,
	"last_failure_detail" text
);
--> statement-breakpoint
CREATE TABLE "event_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_announcements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_announcement_settings" ADD CONSTRAINT "event_announcement_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_announcements_event_idx" ON "event_announcements" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "event_announcements_pending_idx" ON "event_announcements" USING btree ("seq") WHERE "event_announcements"."status" = 'pending';
