CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_role` text NOT NULL,
	`owner_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_owner` ON `calendar_feeds` (`owner_role`,`owner_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token` ON `calendar_feeds` (`token`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_created_idx` ON `calendar_feeds` (`created_at`);--> statement-breakpoint
CREATE TABLE `session_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`booked_at` integer NOT NULL,
	`recipient_role` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_reminders_once` ON `session_reminders` (`slot_id`,`booked_at`,`recipient_role`,`kind`);--> statement-breakpoint
ALTER TABLE `mentees` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `mentors` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `type` text DEFAULT 'session' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `time_slots_one_trial` ON `time_slots` (`mentee_id`,`mentor_id`) WHERE type = 'trial' and state = 'booked';--> statement-breakpoint
CREATE INDEX `time_slots_state_start_idx` ON `time_slots` (`state`,`start_at`);