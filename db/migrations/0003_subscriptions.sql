CREATE TABLE `local_stripe_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_stripe_objects_type_idx` ON `local_stripe_objects` (`type`,`created_at`);--> statement-breakpoint
ALTER TABLE `mentees` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `mentors` ADD `stripe_price_amount_paise` integer;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `stripe_price_id` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `checkout_url` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `payment_failed_at` integer;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `state_event_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_one_pending` ON `enrollments` (`mentee_id`,`mentor_id`) WHERE status = 'pending';