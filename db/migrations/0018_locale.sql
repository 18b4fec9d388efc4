ALTER TABLE `mentees` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `mentors` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `moderators` ADD `locale` text;