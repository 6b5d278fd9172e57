ALTER TABLE "match_series" ADD COLUMN "war_report" jsonb;--> statement-breakpoint
ALTER TABLE "match_series" ADD COLUMN "review_reason" text;