CREATE TABLE "match_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"match_series_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"body" text,
	"notice" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);--> statement-breakpoint
ALTER TABLE "match_chat_messages" ADD CONSTRAINT "match_chat_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_chat_messages" ADD CONSTRAINT "match_chat_messages_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_chat_messages" ADD CONSTRAINT "match_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_chat_messages" ADD CONSTRAINT "match_chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_chat_messages_series_idx" ON "match_chat_messages" USING btree ("match_series_id","created_at","id");
