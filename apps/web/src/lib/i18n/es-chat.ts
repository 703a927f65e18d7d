import type { enChat } from './en-chat';

/** Spanish texts of the chat pages. */
export const esChat: Record<keyof typeof enChat, string> = {
  // Página y lista de conversaciones
  chatIntro: 'Pregunte sobre las leyes de su ciudad con palabras sencillas. Las respuestas se escriben a partir de su código mientras las lee y citan las secciones en que se basan.',
  chatListHeading: 'Sus chats',
  chatNew: 'Nuevo chat',
  chatListEmpty: 'Todavía no hay chats',
  chatListEmptyHint: 'Aquí se guardan sus preguntas y sus respuestas.',
  chatListLoadFailed: 'No se pudieron cargar sus chats.',
  chatUntitled: 'Chat sin título',
  chatDeleteLabel: 'Eliminar el chat «{title}»',
  chatDeleteTitle: '¿Eliminar este chat?',
  chatDeleteDescription: 'Se eliminarán para siempre «{title}» y todos sus mensajes. No se puede deshacer.',
  chatDeleted: 'Chat eliminado',

  // La conversación abierta
  chatNewHeading: 'Nuevo chat',
  chatEmptyTitle: 'Haga una pregunta legal',
  chatEmptyBody: 'Por ejemplo: cuántos días hábiles tiene una agencia para responder a una solicitud de registros, o cuánto cuesta un permiso. Puede detener una respuesta en cualquier momento.',
  chatLoadFailed: 'No se pudo cargar este chat.',
  chatNotFound: 'Este chat ya no existe',
  chatNotFoundBody: 'Es posible que se haya eliminado.',
  chatMessages: 'Mensajes',
  chatYou: 'Usted',
  chatAnswer: 'Respuesta',
  chatAnsweredBy: 'Respondido por: {engine}',
  chatSources: 'Fuentes citadas',
  chatSearching: 'Buscando en el código…',
  chatWriting: 'Escribiendo la respuesta…',
  chatStopped: 'Detenida',
  chatStoppedNote: 'Esta respuesta se detuvo antes de terminar.',

  // Cuadro de mensaje
  chatMessageLabel: 'Su pregunta',
  chatPlaceholder: 'Pregunte sobre una norma, un plazo, una tasa o un permiso…',
  chatHint: 'Intro para enviar · Mayús+Intro para una nueva línea',
  chatHintAnswering: 'Esc o Detener termina la respuesta',
  chatSend: 'Enviar',
  chatStop: 'Detener',
  chatStopLabel: 'Detener la respuesta',
  chatFailedTitle: 'No se pudo responder la pregunta',
  chatFailedKeep: 'Su pregunta ha vuelto al cuadro para que pueda enviarla de nuevo.',

  // Anuncios para lectores de pantalla: el inicio y el final de una respuesta, nunca cada palabra
  chatAnnounceStart: 'Respondiendo a su pregunta…',
  chatAnnounceDone: 'La respuesta está lista.',
  chatAnnounceDoneSources: 'La respuesta está lista, con {count} fuente(s) citada(s).',
  chatAnnounceDoneSources_one: 'La respuesta está lista, con 1 fuente citada.',
  chatAnnounceStopped: 'Se detuvo la respuesta.',
};
