CREATE TABLE "pickban_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "pickban_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"match_series_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" text NOT NULL,
	"steps" jsonb NOT NULL,
	"starter" text NOT NULL,
	"pool" jsonb NOT NULL,
	"seed" bigint NOT NULL,
	"turn_seconds" integer NOT NULL,
	"turn_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "pickban_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "pickban_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"side" text NOT NULL,
	"action" text NOT NULL,
	"items" jsonb NOT NULL,
	"auto" boolean NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "segment_vetoes" (
	"segment_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"steps" jsonb NOT NULL,
	"starter" text NOT NULL,
	"turn_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "pickban_categories" ADD CONSTRAINT "pickban_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_challenges" ADD CONSTRAINT "pickban_challenges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_challenges" ADD CONSTRAINT "pickban_challenges_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_challenges" ADD CONSTRAINT "pickban_challenges_category_id_pickban_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pickban_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_items" ADD CONSTRAINT "pickban_items_category_id_pickban_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pickban_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_votes" ADD CONSTRAINT "pickban_votes_challenge_id_pickban_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."pickban_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickban_votes" ADD CONSTRAINT "pickban_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_vetoes" ADD CONSTRAINT "segment_vetoes_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_vetoes" ADD CONSTRAINT "segment_vetoes_category_id_pickban_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pickban_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickban_categories_event_idx" ON "pickban_categories" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "pickban_challenges_series_category_uq" ON "pickban_challenges" USING btree ("match_series_id","category_id");--> statement-breakpoint
CREATE INDEX "pickban_challenges_open_idx" ON "pickban_challenges" USING btree ("status") WHERE "pickban_challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pickban_items_category_idx" ON "pickban_items" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "pickban_votes_step_uq" ON "pickban_votes" USING btree ("challenge_id","step");
