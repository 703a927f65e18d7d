/**
 * Every user-facing text the product spec fixes (§1, §2, §5, §8), verbatim and in one place.
 * The English dictionary is built from these; other languages translate the same keys.
 */
export const SPEC_MESSAGES = {
  loading: 'Loading...',
  errorTitle: 'Error',
  noConversationsYet: 'No conversations yet',
  startFirstConversation: 'Start your first conversation to see it here',
  failedToLoadConversations: 'Failed to load conversations',
  failedToDeleteConversation: 'Failed to delete conversation',
  threadTitleCannotBeEmpty: 'Thread title cannot be empty',
  failedToRenameConversation: 'Failed to rename conversation',
  noConversationSelectedToShare: 'No conversation selected to share',
  failedToCopyLink: 'Failed to copy link to clipboard',
  conversationDeleted: 'Conversation deleted successfully',
  conversationRenamed: 'Conversation renamed successfully',
  conversationLinkCopied: 'Conversation link copied to clipboard',
  newConversationTitle: 'New Conversation',
  newConversationDescription: 'Started a new conversation',
  feedbackFailed: 'Something went wrong. Please try again.',
  feedbackSubmitted: 'Feedback submitted!',
  unknownGenerationError: 'Unknown error occurred',
  noDataReceived: 'No data received from server',
  editRequestFailed: 'Edit request failed',
} as const;

export type SpecMessageKey = keyof typeof SPEC_MESSAGES;
