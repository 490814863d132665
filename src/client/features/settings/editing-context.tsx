import { createContext, useContext, useEffect } from 'react';

export interface SettingsEditing {
  /** True for anybody who may not change settings: sections show values, never controls. */
  readOnly: boolean;
  /** A section reports whether it holds input that is not saved yet. */
  setDirty(sectionId: string, dirty: boolean): void;
}

export const SettingsEditingContext = createContext<SettingsEditing | null>(null);

/** The page's editing context; sections are only rendered inside the Settings page. */
export function useSettingsEditing(): SettingsEditing {
  const context = useContext(SettingsEditingContext);
  if (!context) throw new Error('useSettingsEditing needs the Settings page around it');
  return context;
}

/**
 * Tells the page that a section has unsaved input: the status shows "Unsaved changes" and leaving
 * the page asks first. Unmounting clears it.
 */
export function useSectionDirty(sectionId: string, dirty: boolean): void {
  const { setDirty } = useSettingsEditing();
  useEffect(() => {
    setDirty(sectionId, dirty);
    return () => setDirty(sectionId, false);
  }, [sectionId, dirty, setDirty]);
}
