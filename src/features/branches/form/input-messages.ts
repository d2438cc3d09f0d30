import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n';
import { INPUT_MESSAGES, MAX_LATITUDE, MAX_LONGITUDE, type InputMessage } from '../../../contract';

const maxLatitude = MAX_LATITUDE;
const maxLongitude = MAX_LONGITUDE;

/** The contract's check messages (INPUT_MESSAGES, in English there) in the catalog, by their key. */
const CATALOG: Record<InputMessage, MessageDescriptor> = {
  latitudeNumber: msg`Latitude must be a number`,
  latitudeRange: msg`Latitude must be between -${maxLatitude} and ${maxLatitude}`,
  longitudeNumber: msg`Longitude must be a number`,
  longitudeRange: msg`Longitude must be between -${maxLongitude} and ${maxLongitude}`,
  nameRequired: msg`Name is required`,
  contactNameTooLong: msg`Name is at most 120 characters`,
  branchNameTooLong: msg`Name is at most 200 characters`,
  nameNotText: msg`Name must be text`,
  phoneRequired: msg`Phone is required`,
  phoneFormat: msg`Use digits, spaces, dashes or brackets, optionally starting with +`,
  idRequired: msg`Id is required`,
  idFormat: msg`Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit`,
  addressTooLong: msg`Address is at most 500 characters`,
  tooManyContacts: msg`At most 50 contacts`,
};

const KEY_OF = new Map<string, InputMessage>(
  Object.entries(INPUT_MESSAGES).map(([key, text]) => [text, key as InputMessage]),
);

/** A message of the contract's checks in the chosen language; any other text as it is. */
export function inputMessage(text: string): string {
  const key = KEY_OF.get(text);
  return key ? i18n._(CATALOG[key]) : text;
}

/** The message of a contract check by its key, in the chosen language. */
export function inputMessageOf(key: InputMessage): string {
  return i18n._(CATALOG[key]);
}
