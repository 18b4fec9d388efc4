CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`earning_id` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`refunded_total_paise` integer NOT NULL,
	`refunded_at` integer NOT NULL,
	FOREIGN KEY (`earning_id`) REFERENCES `earnings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_total_unique` ON `refunds` (`earning_id`,`refunded_total_paise`);