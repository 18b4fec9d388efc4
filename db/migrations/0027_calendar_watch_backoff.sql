ALTER TABLE `calendar_sources` ADD `watch_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_sources` ADD `watch_retry_at` integer;