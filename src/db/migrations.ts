import { createHash } from "node:crypto";
import type { MigrationMeta } from "drizzle-orm/migrator";
import init from "../../migrations/0000_init.sql" with { type: "text" };
import seedCourses from "../../migrations/0001_seed_courses.sql" with { type: "text" };
import listIndexes from "../../migrations/0002_list_indexes.sql" with { type: "text" };
import textKeys from "../../migrations/0003_text_keys.sql" with { type: "text" };
import academySettings from "../../migrations/0004_academy_settings.sql" with { type: "text" };
import openSetIndexes from "../../migrations/0005_open_set_indexes.sql" with { type: "text" };
import searchAndVersions from "../../migrations/0006_search_and_versions.sql" with { type: "text" };
import counter from "../../migrations/0007_counter.sql" with { type: "text" };
import studentNotifications from "../../migrations/0008_student_notifications.sql" with { type: "text" };
import mailAndFeeds from "../../migrations/0009_mail_and_feeds.sql" with { type: "text" };
import wholeListOrder from "../../migrations/0010_whole_list_order.sql" with { type: "text" };
import usersNameOrder from "../../migrations/0011_users_name_order.sql" with { type: "text" };
import requestsByItem from "../../migrations/0012_requests_by_item.sql" with { type: "text" };
import openLoanUnits from "../../migrations/0013_open_loan_units.sql" with { type: "text" };
import itemChanges from "../../migrations/0014_item_changes.sql" with { type: "text" };
import keptCounts from "../../migrations/0015_kept_counts.sql" with { type: "text" };
import openLoansByItem from "../../migrations/0016_open_loans_by_item.sql" with { type: "text" };
import keptRequestStates from "../../migrations/0017_kept_request_states.sql" with { type: "text" };
import keptCountsPerItem from "../../migrations/0018_kept_counts_per_item.sql" with { type: "text" };
import searchWalkIndexes from "../../migrations/0019_search_walk_indexes.sql" with { type: "text" };
import itemTextChanges from "../../migrations/0020_item_text_changes.sql" with { type: "text" };
import unitSearchItemNames from "../../migrations/0021_unit_search_item_names.sql" with { type: "text" };
import searchVersions from "../../migrations/0022_search_versions.sql" with { type: "text" };
import courseItemCounts from "../../migrations/0023_course_item_counts.sql" with { type: "text" };
import resetLinkMadeAtSend from "../../migrations/0024_reset_link_made_at_send.sql" with { type: "text" };
import sets from "../../migrations/0025_sets.sql" with { type: "text" };
import kits from "../../migrations/0026_kits.sql" with { type: "text" };
import setVersions from "../../migrations/0027_set_versions.sql" with { type: "text" };
import loanExtensions from "../../migrations/0028_loan_extensions.sql" with { type: "text" };
import shortagesOfLoans from "../../migrations/0029_shortages_of_loans.sql" with { type: "text" };
import unitIdentity from "../../migrations/0030_unit_identity.sql" with { type: "text" };
import photos from "../../migrations/0031_photos.sql" with { type: "text" };
import academySignIn from "../../migrations/0032_academy_sign_in.sql" with { type: "text" };
import demand from "../../migrations/0033_demand.sql" with { type: "text" };
import directoryCheck from "../../migrations/0034_directory_check.sql" with { type: "text" };
import coveringAlertIndexes from "../../migrations/0035_covering_alert_indexes.sql" with { type: "text" };
import openLoansByUnit from "../../migrations/0036_open_loans_by_unit.sql" with { type: "text" };
import recentReports from "../../migrations/0037_recent_reports.sql" with { type: "text" };
import loansDuePerDay from "../../migrations/0038_loans_due_per_day.sql" with { type: "text" };
import journal from "../../migrations/meta/_journal.json";

// The SQL of every migration, imported as text so that `bun build --compile` embeds it in the
// binary. A new drizzle-kit migration is added here too (a test checks this list against the journal).
export const migrationSql: Record<string, string> = {
  "0000_init": init,
  "0001_seed_courses": seedCourses,
  "0002_list_indexes": listIndexes,
  "0003_text_keys": textKeys,
  "0004_academy_settings": academySettings,
  "0005_open_set_indexes": openSetIndexes,
  "0006_search_and_versions": searchAndVersions,
  "0007_counter": counter,
  "0008_student_notifications": studentNotifications,
  "0009_mail_and_feeds": mailAndFeeds,
  "0010_whole_list_order": wholeListOrder,
  "0011_users_name_order": usersNameOrder,
  "0012_requests_by_item": requestsByItem,
  "0013_open_loan_units": openLoanUnits,
  "0014_item_changes": itemChanges,
  "0015_kept_counts": keptCounts,
  "0016_open_loans_by_item": openLoansByItem,
  "0017_kept_request_states": keptRequestStates,
  "0018_kept_counts_per_item": keptCountsPerItem,
  "0019_search_walk_indexes": searchWalkIndexes,
  "0020_item_text_changes": itemTextChanges,
  "0021_unit_search_item_names": unitSearchItemNames,
  "0022_search_versions": searchVersions,
  "0023_course_item_counts": courseItemCounts,
  "0024_reset_link_made_at_send": resetLinkMadeAtSend,
  "0025_sets": sets,
  "0026_kits": kits,
  "0027_set_versions": setVersions,
  "0028_loan_extensions": loanExtensions,
  "0029_shortages_of_loans": shortagesOfLoans,
  "0030_unit_identity": unitIdentity,
  "0031_photos": photos,
  "0032_academy_sign_in": academySignIn,
  "0033_demand": demand,
  "0034_directory_check": directoryCheck,
  "0035_covering_alert_indexes": coveringAlertIndexes,
  "0036_open_loans_by_unit": openLoansByUnit,
  "0037_recent_reports": recentReports,
  "0038_loans_due_per_day": loansDuePerDay,
};

/** The same structure drizzle's file-based migrator builds, so its bookkeeping table stays compatible. */
export function embeddedMigrations(): MigrationMeta[] {
  return journal.entries.map((entry) => {
    const sql = migrationSql[entry.tag];
    if (sql === undefined) throw new Error(`Migrazione mancante: ${entry.tag}`);
    return {
      sql: sql.split("--> statement-breakpoint"),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: createHash("sha256").update(sql).digest("hex"),
    };
  });
}

export const latestMigration = journal.entries[journal.entries.length - 1];
