import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { Tool } from '@civicdesk/contract';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { Toaster } from './components/ui/toaster';
import { AgendaRedirect } from './features/agenda/AgendaRedirect';
import { CompleteRegistrationPage } from './features/auth/CompleteRegistrationPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { LoginPage } from './features/auth/LoginPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { SmartSearchPage } from './features/search/SmartSearchPage';
import { RequireTool } from './features/tools/RequireTool';
import { startAnalytics, trackPageView } from './lib/analytics';
import { I18nProvider, type MessageKey } from './lib/i18n';
import { SessionProvider } from './lib/session-context';
import { Skeleton } from './components/ui/skeleton';
import { AppShell } from './shell/AppShell';
import { AuthGate } from './shell/AuthGate';

/**
 * A page that loads when first opened, a skeleton meanwhile: each tool's pages (the draft editor alone,
 * Tiptap and ProseMirror, is a third of the app's code). Smart Search, the home page, and the sign-in
 * pages come with the app.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Page = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
  return function LazyPage() {
    return (
      <Suspense fallback={<Skeleton className="m-6 h-96" />}>
        <Page />
      </Suspense>
    );
  };
}

const AdminPage = lazyPage(() => import('./features/admin/AdminPage'), 'AdminPage');
const AgendaPage = lazyPage(() => import('./features/agenda/AgendaPage'), 'AgendaPage');
const CodeAssistantPage = lazyPage(() => import('./features/code-assistant/CodeAssistantPage'), 'CodeAssistantPage');
const CodeCompliancePage = lazyPage(() => import('./features/compliance/CodeCompliancePage'), 'CodeCompliancePage');
const ComplianceCheckPage = lazyPage(() => import('./features/compliance/ComplianceCheckPage'), 'ComplianceCheckPage');
const DraftCollectionPage = lazyPage(() => import('./features/drafting/DraftCollectionPage'), 'DraftCollectionPage');
const DraftEditorPage = lazyPage(() => import('./features/drafting/DraftEditorPage'), 'DraftEditorPage');
const LegalChatPage = lazyPage(() => import('./features/chat/LegalChatPage'), 'LegalChatPage');
const NewDraftPage = lazyPage(() => import('./features/drafting/NewDraftPage'), 'NewDraftPage');
const OrdinancePage = lazyPage(() => import('./features/ordinance/OrdinancePage'), 'OrdinancePage');
const PdfViewerPage = lazyPage(() => import('./features/documents/PdfViewerPage'), 'PdfViewerPage');
const SummaryPage = lazyPage(() => import('./features/summary/SummaryPage'), 'SummaryPage');

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

/** The pages of a tool: shown to holders of one of the tool's permissions (spec §6), others see "Access denied". */
const TOOL_ROUTES: { path: string; tool: Tool; titleKey: MessageKey; page: ReactNode }[] = [
  { path: '', tool: 'SMART_SEARCH', titleKey: 'navSmartSearch', page: <SmartSearchPage /> },
  { path: 'code-assistant', tool: 'KNOWLEDGE_ASSISTANT', titleKey: 'navKnowledgeAssistant', page: <CodeAssistantPage /> },
  { path: 'code-assistant/:threadId', tool: 'KNOWLEDGE_ASSISTANT', titleKey: 'navKnowledgeAssistant', page: <CodeAssistantPage /> },
  { path: 'compliance', tool: 'COMPLIANCE_CHECK', titleKey: 'navComplianceCheck', page: <ComplianceCheckPage /> },
  { path: 'compliance/code', tool: 'CODE_COMPLIANCE', titleKey: 'navCodeCompliance', page: <CodeCompliancePage /> },
  { path: 'drafting-history', tool: 'DRAFTING', titleKey: 'navDraftCollection', page: <DraftCollectionPage /> },
  { path: 'draft/:kind', tool: 'DRAFTING', titleKey: 'toolDrafting', page: <NewDraftPage /> },
  { path: 'draft/:kind/:id', tool: 'DRAFTING', titleKey: 'toolDrafting', page: <DraftEditorPage /> },
  { path: 'summary', tool: 'SUMMARIZER', titleKey: 'navSummarizer', page: <SummaryPage /> },
  { path: 'chat', tool: 'LEGAL_CHATBOT', titleKey: 'navLegalChatbot', page: <LegalChatPage /> },
  { path: 'ordinance/:id', tool: 'SMART_SEARCH', titleKey: 'toolOrdinanceViewer', page: <OrdinancePage /> },
  { path: 'agenda/:id', tool: 'SMART_SEARCH', titleKey: 'agendaTitle', page: <AgendaPage /> },
  { path: 'pdf-viewer', tool: 'SMART_SEARCH', titleKey: 'toolPdfViewer', page: <PdfViewerPage /> },
];

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
      {/* The address people type by hand: the sign-in page, not a gated "Page not found" that it would then return to. */}
      <Route path="/login" element={<Navigate to="/auth/login" replace />} />
      <Route element={<SignedIn />}>
        {TOOL_ROUTES.map(({ path, tool, titleKey, page }) => (
          <Route
            key={path}
            {...(path === '' ? { index: true } : { path })}
            element={
              <RequireTool tool={tool} titleKey={titleKey}>
                {page}
              </RequireTool>
            }
          />
        ))}
        <Route path="ordinance/agenda/:id" element={<AgendaRedirect />} />
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
