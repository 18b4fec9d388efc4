CREATE TABLE `google_calendar_watches` (
	`source_id` text PRIMARY KEY NOT NULL,
	`channel_id` text NOT NULL,
	`resource_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `calendar_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `google_calendar_watches_channel` ON `google_calendar_watches` (`channel_id`);--> statement-breakpoint
CREATE INDEX `google_calendar_watches_expiry_idx` ON `google_calendar_watches` (`expires_at`);