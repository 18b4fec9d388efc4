CREATE TABLE `reminder_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`booked_at` integer NOT NULL,
	`start_at` integer NOT NULL,
	`kind` text NOT NULL,
	`due_at` integer NOT NULL,
	`done_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_plans_once` ON `reminder_plans` (`slot_id`,`booked_at`,`start_at`,`kind`);--> statement-breakpoint
CREATE INDEX `reminder_plans_due_idx` ON `reminder_plans` (`done_at`,`due_at`);--> statement-breakpoint
CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`replayed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dead_letters_open_idx` ON `dead_letters` (`replayed_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lane` text DEFAULT 'urgent' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `queued_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dead_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `session_slot_id` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `session_start_at` integer;--> statement-breakpoint
CREATE INDEX `email_outbox_unqueued_idx` ON `email_outbox` (`queued_at`,`sent_at`);