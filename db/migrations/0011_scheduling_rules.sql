CREATE TABLE `mentor_availability` (
	`mentor_id` text PRIMARY KEY NOT NULL,
	`weekly_hours` text DEFAULT '[]' NOT NULL,
	`time_zone` text NOT NULL,
	`notice_minutes` integer DEFAULT 720 NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`daily_cap` integer,
	`generated_until` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `time_off` (
	`id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`first_day` text NOT NULL,
	`last_day` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `time_off_mentor_idx` ON `time_off` (`mentor_id`,`end_at`);--> statement-breakpoint
CREATE TABLE `booking_events` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`kind` text NOT NULL,
	`by_role` text NOT NULL,
	`from_start` integer NOT NULL,
	`to_start` integer,
	`slot_id` text NOT NULL,
	`message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `booking_events_booking_idx` ON `booking_events` (`booking_id`);--> statement-breakpoint
CREATE INDEX `booking_events_mentee_idx` ON `booking_events` (`mentee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `booking_events_mentor_idx` ON `booking_events` (`mentor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`offered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_one_per_pair` ON `waitlist_entries` (`mentee_id`,`mentor_id`);--> statement-breakpoint
CREATE INDEX `waitlist_mentor_idx` ON `waitlist_entries` (`mentor_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `time_slots` ADD `booking_id` text;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `agenda` text;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `reschedule_requested_at` integer;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `reschedule_message` text;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `held_for` text REFERENCES mentees(id);--> statement-breakpoint
ALTER TABLE `time_slots` ADD `held_until` integer;--> statement-breakpoint
ALTER TABLE `time_slots` ADD `source` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
CREATE INDEX `time_slots_booking_idx` ON `time_slots` (`booking_id`);--> statement-breakpoint
-- A booking's identity (ADR 0023) keeps the calendar UID it had: `<slot>-<booking instant>`.
UPDATE `time_slots` SET `booking_id` = `id` || '-' || `booked_at` WHERE `state` = 'booked' AND `booked_at` IS NOT NULL;
