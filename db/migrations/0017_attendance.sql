CREATE TABLE `live_presence` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`role` text NOT NULL,
	`person_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`left_at` integer,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `live_presence_slot_idx` ON `live_presence` (`slot_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `live_presence_connection_idx` ON `live_presence` (`connection_id`);--> statement-breakpoint
CREATE TABLE `rating_prompts` (
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`slot_id` text NOT NULL,
	`prompted_at` integer NOT NULL,
	`closed_at` integer,
	`count` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`mentee_id`, `mentor_id`),
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `session_note_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`author_role` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `session_note_comments_slot_idx` ON `session_note_comments` (`slot_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `session_notes` (
	`slot_id` text PRIMARY KEY NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `time_slots_one_trial`;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `outcome_at` integer;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `disputed_at` integer;--> statement-breakpoint
CREATE INDEX `time_slots_unsettled_idx` ON `time_slots` (`end_at`) WHERE state = 'booked' and outcome is null;--> statement-breakpoint
CREATE UNIQUE INDEX `time_slots_one_trial` ON `time_slots` (`mentee_id`,`mentor_id`) WHERE type = 'trial' and state = 'booked' and outcome is not 'mentor_no_show';--> statement-breakpoint
ALTER TABLE `mentors` ADD `last_active_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `reply_reminder_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `kind` text DEFAULT 'complaint' NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `slot_id` text;--> statement-breakpoint
-- Sessions that ended before the live room kept attendance have no record to settle them by: they
-- count as completed (nobody's quota or record changes), dated at their end.
UPDATE `time_slots` SET `outcome` = 'completed', `outcome_at` = `end_at` WHERE `state` = 'booked' AND `end_at` < CAST(unixepoch('subsec') * 1000 AS integer);
