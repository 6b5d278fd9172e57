ALTER TABLE "events" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
