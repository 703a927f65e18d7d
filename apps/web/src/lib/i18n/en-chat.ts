/** English texts of the chat pages. */
export const enChat = {
  // Page and conversation list
  chatIntro: 'Ask about the law of your city in plain words. Answers are written from its code as you watch, and quote the sections they rest on.',
  chatListHeading: 'Your chats',
  chatNew: 'New chat',
  chatListEmpty: 'No chats yet',
  chatListEmptyHint: 'Your questions and their answers are kept here.',
  chatListLoadFailed: 'Your chats could not be loaded.',
  chatUntitled: 'Untitled chat',
  chatDeleteLabel: 'Delete chat “{title}”',
  chatDeleteTitle: 'Delete this chat?',
  chatDeleteDescription: 'This permanently deletes “{title}” and all its messages. This cannot be undone.',
  chatDeleted: 'Chat deleted',

  // The open conversation
  chatNewHeading: 'New chat',
  chatEmptyTitle: 'Ask a legal question',
  chatEmptyBody: 'For example: how many working days an agency has to answer a records request, or what a permit costs. You can stop an answer at any time.',
  chatLoadFailed: 'This chat could not be loaded.',
  chatNotFound: 'This chat no longer exists',
  chatNotFoundBody: 'It may have been deleted.',
  chatMessages: 'Messages',
  chatYou: 'You',
  chatAnswer: 'Answer',
  chatAnsweredBy: 'Answered by: {engine}',
  chatSources: 'Sources quoted',
  chatSearching: 'Searching the code…',
  chatWriting: 'Writing the answer…',
  chatStopped: 'Stopped',
  chatStoppedNote: 'This answer was stopped before it finished.',

  // Message box
  chatMessageLabel: 'Your question',
  chatPlaceholder: 'Ask about a rule, a deadline, a fee or a permit…',
  chatHint: 'Enter to send · Shift+Enter for a new line',
  chatHintAnswering: 'Esc or Stop ends the answer',
  chatSend: 'Send',
  chatStop: 'Stop',
  chatStopLabel: 'Stop the answer',
  chatFailedTitle: 'The question could not be answered',
  chatFailedKeep: 'Your question is back in the box, so you can send it again.',

  // Announcements for screen readers: the start and the end of an answer, never each word
  chatAnnounceStart: 'Answering your question…',
  chatAnnounceDone: 'The answer is ready.',
  chatAnnounceDoneSources: 'The answer is ready, with {count} source(s) quoted.',
  chatAnnounceDoneSources_one: 'The answer is ready, with 1 source quoted.',
  chatAnnounceStopped: 'The answer was stopped.',
};
