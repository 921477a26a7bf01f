// The managed-store contract this package implements, as skill-catalog
// defines it (store.ts and record.ts there). Every module of this package
// takes the contract's types from this one file.
export type {
  Admit,
  FileRead,
  InstallRecord,
  ManagedStore,
  RecordRead,
  SkillFileRead,
  StagedSkill,
  StoreApply,
  StoreChange,
  StoredEntry,
  StoredFiles,
  StoreUsage,
  StoreView,
  StoreWriteResult,
} from "@skillshelf/skill-catalog";
