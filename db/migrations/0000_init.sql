CREATE TABLE `mentees` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`password_hash` text,
	`google_id` text,
	`bio` text,
	`profile_image_key` text,
	`is_blocked` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mentees_email_unique` ON `mentees` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `mentees_google_id_unique` ON `mentees` (`google_id`);--> statement-breakpoint
CREATE TABLE `mentors` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`password_hash` text NOT NULL,
	`job_title` text NOT NULL,
	`firm_name` text NOT NULL,
	`location` text,
	`bio` text NOT NULL,
	`short_bio` text,
	`educational_qualification` text NOT NULL,
	`hourly_rate_paise` integer NOT NULL,
	`website` text,
	`twitter_url` text,
	`linkedin_url` text,
	`profile_image_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_blocked` integer DEFAULT false NOT NULL,
	`approved_at` integer,
	`stripe_product_id` text,
	`stripe_price_id` text,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mentors_email_unique` ON `mentors` (`email`);--> statement-breakpoint
CREATE INDEX `mentors_status_blocked_idx` ON `mentors` (`status`,`is_blocked`);--> statement-breakpoint
CREATE INDEX `mentors_rate_idx` ON `mentors` (`hourly_rate_paise`);--> statement-breakpoint
CREATE TABLE `moderators` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderators_email_unique` ON `moderators` (`email`);--> statement-breakpoint
CREATE TABLE `mentor_skills` (
	`id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`name` text NOT NULL,
	`skill_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mentor_skills_mentor_key_unique` ON `mentor_skills` (`mentor_id`,`skill_key`);--> statement-breakpoint
CREATE INDEX `mentor_skills_key_idx` ON `mentor_skills` (`skill_key`);--> statement-breakpoint
CREATE TABLE `enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_paise` integer NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_subscription_id` text,
	`stripe_customer_id` text,
	`current_period_start` integer,
	`current_period_end` integer,
	`activated_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `enrollments_mentee_idx` ON `enrollments` (`mentee_id`);--> statement-breakpoint
CREATE INDEX `enrollments_mentor_idx` ON `enrollments` (`mentor_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_checkout_unique` ON `enrollments` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_subscription_unique` ON `enrollments` (`stripe_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_one_active` ON `enrollments` (`mentee_id`,`mentor_id`) WHERE status = 'active';--> statement-breakpoint
CREATE TABLE `time_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`title` text,
	`description` text,
	`mentee_id` text,
	`booked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `time_slots_mentor_start_idx` ON `time_slots` (`mentor_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `time_slots_mentee_idx` ON `time_slots` (`mentee_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `time_slots_mentor_start_live` ON `time_slots` (`mentor_id`,`start_at`) WHERE state <> 'deleted';--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`mentee_id`,`mentor_id`);--> statement-breakpoint
CREATE INDEX `conversations_mentor_idx` ON `conversations` (`mentor_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_type` text NOT NULL,
	`sender_id` text NOT NULL,
	`content` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_created_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_role` text NOT NULL,
	`recipient_id` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`conversation_id` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`recipient_role`,`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_conversation_idx` ON `notifications` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_role` text NOT NULL,
	`reporter_id` text NOT NULL,
	`accused_role` text NOT NULL,
	`accused_id` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by` text,
	`resolved_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`resolved_by`) REFERENCES `moderators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tickets_reporter_idx` ON `tickets` (`reporter_role`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `tickets_accused_idx` ON `tickets` (`accused_role`,`accused_id`);--> statement-breakpoint
CREATE INDEX `tickets_status_idx` ON `tickets` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `tickets_resolved_by_idx` ON `tickets` (`resolved_by`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`mentee_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text,
	`updated_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_pair_unique` ON `reviews` (`mentee_id`,`mentor_id`);--> statement-breakpoint
CREATE INDEX `reviews_mentor_created_idx` ON `reviews` (`mentor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `refresh_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `refresh_sessions_user_idx` ON `refresh_sessions` (`user_role`,`user_id`);--> statement-breakpoint
CREATE INDEX `refresh_sessions_family_idx` ON `refresh_sessions` (`family_id`);--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `one_time_codes_user_idx` ON `one_time_codes` (`user_role`,`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `processed_payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL
);
