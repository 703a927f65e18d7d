import { ComingSoonPage } from '../tools/ComingSoonPage';

/** The Legal Chatbot page (being built). */
export function LegalChatPage() {
  return <ComingSoonPage titleKey="navLegalChatbot" descriptionKey="descLegalChatbot" />;
}
