import type { enServer } from './en-server';

/** Spanish of the server's English sentences the screens show (see en-server.ts). */
export const esServer: Record<keyof typeof enServer, string> = {
  serverWebSearchNotConfigured: 'La búsqueda web no está configurada en esta instalación; la respuesta se basa solo en el código municipal.',
  serverWebSearchNotSetUp: 'La búsqueda web no está configurada en este sitio. Un administrador puede configurarla.',
  serverWebSearchFailed: 'La búsqueda web falló: {detail}',
  serverWebSearchNotForDrafting: 'La búsqueda web no se usa en la redacción: un borrador se basa en el código y la legislación de la ciudad.',
  serverNoTextLayer: '{file} no tiene capa de texto (¿es un documento escaneado?); no se leyó.',
  serverAmendmentLeftForDrafter: 'Ninguna sección contiene «{words}»: la enmienda queda a cargo del redactor.',
  serverProvisionPlaced: 'Ninguna sección contiene las palabras que se deben cambiar; la nueva disposición se sitúa en {section} ({title}), la sección más cercana encontrada. Confirme dónde corresponde.',
  serverNoSectionForRequest: 'Ninguna sección del código trata esta solicitud: las disposiciones quedan a cargo del redactor.',
  serverModelCouldNotAnswer: 'El modelo no pudo responder ({detail}); respondió el motor sin conexión.',
  serverModelCouldNotDraft: 'El modelo no pudo redactar ({detail}); el redactor integrado escribió este borrador.',
  serverModelCouldNotEdit: 'El modelo no pudo editar ({detail}); respondió el motor integrado.',
  serverModelUnsupported: 'La respuesta del modelo no estaba respaldada por la disposición que citaba; respondió el motor sin conexión.',
  serverCitationsUnverified: 'No se pudieron verificar las citas del modelo con las fuentes ({count} descartadas); respondió el motor sin conexión.',

  serverCodeMalformedNumber: 'El número de sección «{number}» no sigue la forma del código («§ título-sección»).',
  serverCodeMalformedNumberFix: 'Corrija el número de sección en la codificación.',
  serverCodeEmptyText: '{section} ({title}) está en vigor pero no tiene texto.',
  serverCodeEmptyTextFix: 'Restituya el texto de la sección o márquela como derogada o reservada.',
  serverCodeRefRepealed: '{section} remite a {target}, que ya no está en vigor.',
  serverCodeRefRepealedFix: 'Actualice la remisión a la disposición hoy en vigor o elimínela.',
  serverCodeRefOldNumbering: '{section} reproduce un texto de {year} que cita el § {cited}: puede ser la numeración del código en {year}, no una sección del código «{code}» con la numeración actual.',
  serverCodeRefOldNumberingFix: 'Busque el § {cited} en el código con la numeración de {year}; si es un número antiguo, añada el actual entre corchetes.',
  serverCodeRefOldNumberingFixDistrict: 'Busque el § {cited} en el código con la numeración de {year} (el código del Distrito se renumeró en 2001); si es un número antiguo, añada el actual entre corchetes.',
  serverCodeRefUnknown: '{section} remite al § {cited}, que no es una sección del código «{code}».',
  serverCodeRefUnknownFix: 'Revise la remisión: la sección puede haberse renumerado o no haberse codificado nunca.',
  serverCodeModelEdition: '{section} cita la edición de {year} de {model}, pero la localidad adoptó la edición de {edition} de {id}.',
  serverCodeModelEditionFix: 'Remita a la edición adoptada ({id} {edition}) o al código «tal como lo adoptó el Distrito».',
  serverCodeDuplicate: 'Otra sección tiene también el número {section}: una cita a ese número es ambigua.',
  serverCodeDuplicateFix: 'Renumere una de las secciones o marque la más antigua como sustituida.',
};
