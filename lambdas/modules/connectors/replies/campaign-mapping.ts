import type { VersionStatus } from '../../../shared/version-status';

/**
 * Replies of the campaign-mapping reads of ConnectorsService: the plan lines a
 * campaign of an account may be mapped to, and the actuals the sync rolled up on plan lines.
 */

/** A plan line a campaign may be mapped to, with what a person needs to recognise it. */
export interface MappableLine {
  ID: number;
  Name: string;
  ChannelTypeName: string;
  StartDate: string;
  EndDate: string;
  ActivityId: number;
  ActivityName: string;
  MediaMixId: number;
  /** The version the line belongs to: the activity's latest approved version, else its latest version. */
  Version: number;
  VersionStatus: VersionStatus;
}

/** One currency's actuals on a line (rollups are per currency: conversion happens at read time, docs/domain.md). */
export interface LineActualsTotal {
  Currency: string;
  /** Major units of Currency (exact: summed as micros). */
  Spend: number;
  Impressions: number;
  Clicks: number;
  Conversions: number;
  ConversionValue: number;
  VideoViews: number;
  /** The first and last day with delivery, and how many days had any. */
  FirstDay: string;
  LastDay: string;
  Days: number;
}

/** A plan line's actuals to date, by currency; Totals empty when nothing was delivered on it. */
export interface LineActuals {
  LineId: number;
  Totals: LineActualsTotal[];
}
