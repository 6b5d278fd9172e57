CREATE TABLE "match_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_series_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "match_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"match_series_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"opened_by" uuid,
	"side" text NOT NULL,
	"reason" text NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "segment_dispute_settings" (
	"segment_id" uuid PRIMARY KEY NOT NULL,
	"dispute_window_minutes" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "match_series" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_attachments" ADD CONSTRAINT "match_attachments_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_attachments" ADD CONSTRAINT "match_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_disputes" ADD CONSTRAINT "match_disputes_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_disputes" ADD CONSTRAINT "match_disputes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_disputes" ADD CONSTRAINT "match_disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_disputes" ADD CONSTRAINT "match_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_dispute_settings" ADD CONSTRAINT "segment_dispute_settings_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_attachments_series_idx" ON "match_attachments" USING btree ("match_series_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_disputes_open_uq" ON "match_disputes" USING btree ("match_series_id") WHERE "match_disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "match_disputes_queue_idx" ON "match_disputes" USING btree ("tenant","status","created_at");
