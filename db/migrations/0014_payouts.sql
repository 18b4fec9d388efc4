CREATE TABLE `earnings` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`mentee_id` text NOT NULL,
	`currency` text DEFAULT 'inr' NOT NULL,
	`gross_paise` integer NOT NULL,
	`fee_paise` integer NOT NULL,
	`net_paise` integer NOT NULL,
	`route` text NOT NULL,
	`payment_intent_id` text,
	`transfer_id` text,
	`transferred_at` integer,
	`transfer_attempts` integer DEFAULT 0 NOT NULL,
	`last_transfer_error` text,
	`refunded_paise` integer DEFAULT 0 NOT NULL,
	`reversed_paise` integer DEFAULT 0 NOT NULL,
	`fee_refunded_paise` integer DEFAULT 0 NOT NULL,
	`dispute_id` text,
	`dispute_status` text,
	`period_start` integer,
	`period_end` integer,
	`paid_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mentee_id`) REFERENCES `mentees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earnings_invoice_unique` ON `earnings` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `earnings_mentor_paid_idx` ON `earnings` (`mentor_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `earnings_paid_idx` ON `earnings` (`paid_at`);--> statement-breakpoint
CREATE INDEX `earnings_payment_intent_idx` ON `earnings` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `earnings_held_idx` ON `earnings` (`mentor_id`) WHERE route = 'held' and transfer_id is null;--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`mentor_id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`disabled_reason` text,
	`synced_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_stripe_unique` ON `payout_accounts` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`stripe_account_id` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`currency` text DEFAULT 'inr' NOT NULL,
	`status` text NOT NULL,
	`arrival_date` integer NOT NULL,
	`failure_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payouts_mentor_arrival_idx` ON `payouts` (`mentor_id`,`arrival_date`);