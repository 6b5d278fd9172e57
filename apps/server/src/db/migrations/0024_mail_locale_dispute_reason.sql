ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "match_disputes" ADD COLUMN "internal_reason" text;
