import { useEffect } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { Toaster } from './components/ui/toaster';
import { AdminPage } from './features/admin/AdminPage';
import { AgendaPage } from './features/agenda/AgendaPage';
import { AgendaRedirect } from './features/agenda/AgendaRedirect';
import { CompleteRegistrationPage } from './features/auth/CompleteRegistrationPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { LoginPage } from './features/auth/LoginPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { CodeAssistantPage } from './features/code-assistant/CodeAssistantPage';
import { PdfViewerPage } from './features/documents/PdfViewerPage';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { OrdinancePage } from './features/ordinance/OrdinancePage';
import { SmartSearchPage } from './features/search/SmartSearchPage';
import { ComingSoonPage } from './features/tools/ComingSoonPage';
import { RequireTool } from './features/tools/RequireTool';
import { startAnalytics, trackPageView } from './lib/analytics';
import { I18nProvider } from './lib/i18n';
import { SessionProvider } from './lib/session-context';
import { AppShell } from './shell/AppShell';
import { AuthGate } from './shell/AuthGate';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; only transport and server errors are retried, once.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.kind !== 'server' && error.kind !== 'offline'),
    },
  },
});

/** Records a page view per route change and sends analytics batches in the background. */
function AnalyticsListener() {
  const { pathname } = useLocation();
  useEffect(() => startAnalytics(), []);
  useEffect(() => trackPageView(pathname), [pathname]);
  return null;
}

function SignedIn() {
  return (
    <AuthGate>
      <AppShell />
    </AuthGate>
  );
}

/** Every route of spec §2. Auth pages render without the shell; everything else is behind the gate. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<Outlet />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="welcome" element={<WelcomePage />} />
        <Route path="complete-registration" element={<CompleteRegistrationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route index element={<LoginPage />} />
      </Route>
      <Route element={<SignedIn />}>
        <Route
          index
          element={
            <RequireTool tool="SMART_SEARCH" titleKey="navSmartSearch">
              <SmartSearchPage />
            </RequireTool>
          }
        />
        <Route path="code-assistant">
          <Route
            index
            element={
              <RequireTool tool="KNOWLEDGE_ASSISTANT" titleKey="navKnowledgeAssistant">
                <CodeAssistantPage />
              </RequireTool>
            }
          />
          <Route
            path=":threadId"
            element={
              <RequireTool tool="KNOWLEDGE_ASSISTANT" titleKey="navKnowledgeAssistant">
                <CodeAssistantPage />
              </RequireTool>
            }
          />
        </Route>
        <Route
          path="compliance"
          element={
            <RequireTool tool="COMPLIANCE_CHECK" titleKey="navComplianceCheck">
              <ComingSoonPage titleKey="navComplianceCheck" descriptionKey="descComplianceCheck" />
            </RequireTool>
          }
        />
        <Route
          path="compliance/code"
          element={
            <RequireTool tool="CODE_COMPLIANCE" titleKey="navCodeCompliance">
              <ComingSoonPage titleKey="navCodeCompliance" descriptionKey="descCodeCompliance" />
            </RequireTool>
          }
        />
        <Route
          path="drafting-history"
          element={
            <RequireTool tool="DRAFTING" titleKey="navDraftCollection">
              <ComingSoonPage titleKey="navDraftCollection" descriptionKey="descDraftCollection" />
            </RequireTool>
          }
        />
        <Route
          path="draft/*"
          element={
            <RequireTool tool="DRAFTING" titleKey="toolDrafting">
              <ComingSoonPage titleKey="toolDrafting" descriptionKey="descDrafting" />
            </RequireTool>
          }
        />
        <Route
          path="summary"
          element={
            <RequireTool tool="SUMMARIZER" titleKey="navSummarizer">
              <ComingSoonPage titleKey="navSummarizer" descriptionKey="descSummarizer" />
            </RequireTool>
          }
        />
        <Route
          path="chat"
          element={
            <RequireTool tool="LEGAL_CHATBOT" titleKey="navLegalChatbot">
              <ComingSoonPage titleKey="navLegalChatbot" descriptionKey="descLegalChatbot" />
            </RequireTool>
          }
        />
        <Route
          path="ordinance/:id"
          element={
            <RequireTool tool="SMART_SEARCH" titleKey="toolOrdinanceViewer">
              <OrdinancePage />
            </RequireTool>
          }
        />
        <Route path="ordinance/agenda/:id" element={<AgendaRedirect />} />
        <Route
          path="agenda/:id"
          element={
            <RequireTool tool="SMART_SEARCH" titleKey="agendaTitle">
              <AgendaPage />
            </RequireTool>
          }
        />
        <Route
          path="pdf-viewer"
          element={
            <RequireTool tool="SMART_SEARCH" titleKey="toolPdfViewer">
              <PdfViewerPage />
            </RequireTool>
          }
        />
        <Route path="admin" element={<AdminPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <I18nProvider>
      <BrowserRouter>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AnalyticsListener />
            <AppRoutes />
            <Toaster />
          </SessionProvider>
        </QueryClientProvider>
      </BrowserRouter>
    </I18nProvider>
  );
}
