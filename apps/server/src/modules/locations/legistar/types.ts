/**
 * The Legistar Web API's rows as it answers them (webapi.legistar.com/Help), the fields the import
 * reads. Everything is nullable in practice: cities fill different fields.
 */
export interface LegistarEvent {
  EventId: number;
  EventBodyName?: string | null;
  EventDate?: string | null;
  EventTime?: string | null;
  EventLocation?: string | null;
  EventAgendaStatusName?: string | null;
  EventMinutesStatusName?: string | null;
  EventAgendaFile?: string | null;
  EventMinutesFile?: string | null;
  EventInSiteURL?: string | null;
  EventComment?: string | null;
}

export interface LegistarEventItem {
  EventItemId: number;
  EventItemEventId?: number | null;
  EventItemAgendaSequence?: number | null;
  EventItemAgendaNumber?: string | null;
  EventItemTitle?: string | null;
  EventItemActionName?: string | null;
  EventItemActionText?: string | null;
  EventItemAgendaNote?: string | null;
  EventItemMinutesNote?: string | null;
  EventItemPassedFlag?: number | null;
  EventItemPassedFlagName?: string | null;
  EventItemRollCallFlag?: number | null;
  EventItemTally?: string | null;
  EventItemConsent?: number | null;
  EventItemMover?: string | null;
  EventItemSeconder?: string | null;
  EventItemMatterId?: number | null;
  EventItemMatterFile?: string | null;
  EventItemMatterName?: string | null;
  EventItemMatterType?: string | null;
  EventItemMatterStatus?: string | null;
}

/** GET v1/{client}/eventitems/{id}/votes: one member's vote on the item. */
export interface LegistarVote {
  VotePersonName?: string | null;
  VoteValueName?: string | null;
  VoteResult?: number | null;
}

export interface LegistarMatter {
  MatterId: number;
  MatterFile?: string | null;
  MatterName?: string | null;
  MatterTitle?: string | null;
  MatterTypeName?: string | null;
  MatterStatusName?: string | null;
  MatterBodyName?: string | null;
  MatterIntroDate?: string | null;
  MatterAgendaDate?: string | null;
  MatterPassedDate?: string | null;
  MatterEnactmentDate?: string | null;
  MatterEnactmentNumber?: string | number | null;
  MatterNotes?: string | null;
}

export interface LegistarMatterHistory {
  MatterHistoryId: number;
  MatterHistoryActionDate?: string | null;
  MatterHistoryActionName?: string | null;
  MatterHistoryActionBodyName?: string | null;
  MatterHistoryPassedFlag?: number | null;
  MatterHistoryPassedFlagName?: string | null;
  MatterHistoryEventId?: number | null;
  MatterHistoryTally?: string | null;
}
