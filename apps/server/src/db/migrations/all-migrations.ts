import { initial } from './0001-initial.ts';
import { documentChunks } from './0002-document-chunks.ts';
import { statisticsRollupDaily } from './0100-statistics-rollup-daily.ts';
import { statisticsRollupQuarter } from './0101-statistics-rollup-quarter.ts';
import { informTheBotCounter } from './0400-inform-the-bot-counter.ts';
import { knowledgeStore } from './0500-knowledge-store.ts';
import { knowledgeVectors } from './0501-knowledge-vectors.ts';
import { informTheBotKnowledge } from './0502-inform-the-bot-knowledge.ts';
import { globalSearch } from './0600-global-search.ts';
import { auditLog } from './0700-audit-log.ts';
import { chat } from './0800-chat.ts';
import { helpRequestsContactFolded } from './0900-help-requests-contact-folded.ts';
import { statisticsRollupMonthly } from './0901-statistics-rollup-monthly.ts';
import { knowledgeTerms } from './1000-knowledge-terms.ts';
import { searchFunctions } from './1100-search-functions.ts';
import { statisticsTotals } from './1200-statistics-totals.ts';
import { listPageFunctions } from './1300-list-page-functions.ts';
import { searchHits } from './1400-search-hits.ts';
import { statisticsBeforeCurrentQuarter } from './1500-statistics-before-current-quarter.ts';
import { sessionUserFunction } from './1600-session-user-function.ts';
import { userAccountHits } from './1700-user-account-hits.ts';
import { statisticsRevision } from './1800-statistics-revision.ts';
import { sessionUserIndexScans } from './1900-session-user-index-scans.ts';
import { helpRequestHitsStatic } from './2000-help-request-hits-static.ts';
import { knowledgeChunkWindows } from './2100-knowledge-chunk-windows.ts';
import { knowledgeWindowVectors } from './2101-knowledge-window-vectors.ts';
import { knowledgeSections } from './2200-knowledge-sections.ts';
import type { Migration } from './migration.ts';
import { loginThrottles } from './2300-login-throttles.ts';
import { knowledgeWindowVectorsInline } from './2301-knowledge-window-vectors-inline.ts';
import { informTheBotCounterInCode } from './2400-inform-the-bot-counter-in-code.ts';
import { answerSources } from './2600-answer-sources.ts';
import { listTriage } from './2610-list-triage.ts';
import { sessionLinks } from './2640-session-links.ts';
import { helpRequestReplies } from './2641-help-request-replies.ts';
import { insightsIndexes } from './2670-insights-indexes.ts';
import { jobOwners } from './2700-job-owners.ts';
import { personalData } from './2800-personal-data.ts';
import { privacy } from './2900-privacy.ts';
import { statisticsRecountSince } from './2901-statistics-recount-since.ts';
import { pdfOptionHyphens } from './3000-pdf-option-hyphens.ts';
import { historyBadges } from './3100-history-badges.ts';
import { knowledgeTermsRecount } from './3200-knowledge-terms-recount.ts';
import { personalDataMasking } from './3300-personal-data-masking.ts';
import { auditErasure } from './3320-audit-erasure.ts';
import { historyPageBadges } from './3340-history-page-badges.ts';
import { historyBadgeColumns } from './3342-history-badge-columns.ts';
import { statisticsFingerprint } from './3341-statistics-fingerprint.ts';
import { siteSources } from './3400-site-sources.ts';
import { knowledgeGenerations } from './3390-knowledge-generations.ts';
import { siteSync } from './3410-site-sync.ts';
import { knowledgeChunkExclusions } from './3420-knowledge-chunk-exclusions.ts';
import { integrationKeys } from './3500-integration-keys.ts';
import { secondFactor } from './3510-second-factor.ts';
import { auditLogActions } from './3590-audit-log-actions.ts';
import { identityAndSourceChecks } from './3690-identity-and-source-checks.ts';
import { coverageGapAlerts } from './3700-coverage-gap-alerts.ts';
import { roleFromGroups } from './3710-role-from-groups.ts';
import { historyShownRows } from './3720-history-shown-rows.ts';
import { textNumberedHeadings } from './3730-text-numbered-headings.ts';
import { feedbackAndHelpRequestShownPages } from './3740-feedback-and-help-request-shown-pages.ts';
import { faqQuestionWindows } from './3750-faq-question-windows.ts';
import { faqReading } from './3760-faq-reading.ts';
import { numberedContents } from './3770-numbered-contents.ts';
import { faqTitleForms } from './3780-faq-title-forms.ts';
import { textMarkup } from './3790-text-markup.ts';
import { chunkSectionStarts } from './3800-chunk-section-starts.ts';
import { unnumberedFaqQuestions } from './3810-unnumbered-faq-questions.ts';
import { manualPageSections } from './3820-manual-page-sections.ts';
import { slashJoinedWords } from './3830-slash-joined-words.ts';
import { ruledFaqEntries } from './3840-ruled-faq-entries.ts';
import { listingParagraphs } from './3850-listing-paragraphs.ts';
import { markdownComments } from './3860-markdown-comments.ts';
import { symbolNames } from './3870-symbol-names.ts';
import { knowledgeRebuild } from './3660-knowledge-rebuild.ts';
import { weeklyReport } from './3610-weekly-report.ts';
import { documentUrlSync } from './3650-document-url-sync.ts';
import { sessionList } from './3640-session-list.ts';
import { passkeys } from './3630-passkeys.ts';
import { singleSignOn } from './3620-single-sign-on.ts';
import { webhooks } from './3600-webhooks.ts';

/** Every migration in the order it runs. Append new ones at the end. */
export const allMigrations: readonly Migration[] = [
  initial,
  documentChunks,
  statisticsRollupDaily,
  statisticsRollupQuarter,
  informTheBotCounter,
  knowledgeStore,
  knowledgeVectors,
  informTheBotKnowledge,
  globalSearch,
  auditLog,
  chat,
  helpRequestsContactFolded,
  statisticsRollupMonthly,
  knowledgeTerms,
  searchFunctions,
  statisticsTotals,
  listPageFunctions,
  searchHits,
  statisticsBeforeCurrentQuarter,
  sessionUserFunction,
  userAccountHits,
  statisticsRevision,
  sessionUserIndexScans,
  helpRequestHitsStatic,
  knowledgeChunkWindows,
  knowledgeWindowVectors,
  knowledgeSections,
  loginThrottles,
  knowledgeWindowVectorsInline,
  informTheBotCounterInCode,
  answerSources,
  listTriage,
  sessionLinks,
  helpRequestReplies,
  insightsIndexes,
  jobOwners,
  personalData,
  privacy,
  statisticsRecountSince,
  pdfOptionHyphens,
  historyBadges,
  knowledgeTermsRecount,
  personalDataMasking,
  auditErasure,
  historyPageBadges,
  statisticsFingerprint,
  historyBadgeColumns,
  siteSources,
  knowledgeGenerations,
  siteSync,
  integrationKeys,
  secondFactor,
  knowledgeChunkExclusions,
  auditLogActions,
  webhooks,
  weeklyReport,
  singleSignOn,
  passkeys,
  sessionList,
  documentUrlSync,
  knowledgeRebuild,
  identityAndSourceChecks,
  coverageGapAlerts,
  roleFromGroups,
  historyShownRows,
  textNumberedHeadings,
  feedbackAndHelpRequestShownPages,
  faqQuestionWindows,
  faqReading,
  numberedContents,
  faqTitleForms,
  textMarkup,
  chunkSectionStarts,
  unnumberedFaqQuestions,
  manualPageSections,
  slashJoinedWords,
  ruledFaqEntries,
  listingParagraphs,
  markdownComments,
  symbolNames,
];
