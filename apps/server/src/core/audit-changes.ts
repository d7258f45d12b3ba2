/** What a write changed, recorded on the request and stored with its audit log entry. */
export interface PropertyChange {
  propertyName: string;
  originalValue: string | null;
  newValue: string | null;
}
export interface EntityChange {
  changeTime: string;
  /** Created 0, Updated 1, Deleted 2 */
  changeType: 0 | 1 | 2;
  entityId: string;
  entityTypeFullName: string;
  propertyChanges: PropertyChange[];
}
