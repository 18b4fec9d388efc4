ALTER TABLE `refunds` ADD `requested_by` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `account_deletion_id` text;