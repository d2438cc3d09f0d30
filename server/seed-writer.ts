/**
 * Prepared INSERTs for the seed generator and the simulation's new jobs, counting the rows it
 * writes. Stops get the next free id (the database assigns it), so it also writes into a
 * database that already holds data.
 */
import type { Database } from './db';

export interface Actor {
  user_type: string;
  user_id: string;
  user_name: string;
}

export interface HistoryEntry {
  status: number;
  remarks: string;
  actor: Actor;
  at: number;
}

export interface BranchRow {
  id: string;
  latitude: number;
  longitude: number;
  name: string;
  timeZone: string;
  formattedAddress: string;
  active: boolean;
  createdAt: number;
  updatedAt: number;
  createdBy: Actor;
  updatedBy: Actor;
}

export interface StopRowBase {
  jobId: number;
  position: number;
  branchId: string;
  status: number;
  slotFrom: number;
  slotTo: number;
  address: object | null;
  customer: object | null;
  createdAt: number;
  updatedAt: number;
  history: HistoryEntry[];
}

export interface DeliveryRow extends StopRowBase {
  firstOrder: boolean;
  enableOtp: boolean;
  otp: string;
  note: string;
  unattendedDelivery: boolean;
  leaveAtDoor: boolean;
  dontRingBell: boolean;
  ageRestricted: boolean;
  signatureRequired: boolean;
  signatureImage: string;
  proofOfDeliveryImages: string[];
  paymentType: number;
  amountMinor: number;
  trackingId: string;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
const flag = (value: boolean) => (value ? 1 : 0);

export class SeedWriter {
  readonly counts = {
    branches: 0,
    contacts: 0,
    zones: 0,
    riders: 0,
    jobs: 0,
    pickups: 0,
    deliveries: 0,
    packages: 0,
    jobStatusHistory: 0,
    stopStatusHistory: 0,
  };

  private readonly insertBranch;
  private readonly insertContact;
  private readonly insertZone;
  private readonly insertRider;
  private readonly insertJob;
  private readonly insertJobHistory;
  private readonly insertPickup;
  private readonly insertDelivery;
  private readonly insertPackage;
  private readonly insertStopHistory;

  constructor(db: Database) {
    this.insertBranch =
      db.prepare(`INSERT INTO branches (id, name, time_zone, formatted_address, active, latitude, longitude,
      created_at, updated_at, created_by_type, created_by_id, created_by_name, updated_by_type, updated_by_id, updated_by_name)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertContact =
      db.prepare(`INSERT INTO branch_contacts (branch_id, position, name, phone, work_from, work_to, work_days)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.insertZone =
      db.prepare(`INSERT INTO branch_zones (branch_id, position, feature_id, properties, geometry)
      VALUES (?, ?, ?, ?, ?)`);
    this.insertRider =
      db.prepare(`INSERT INTO riders (id, reference_id, name, username, dial_code, mobile, email, type, status,
      profile_pic, email_verified, phone_verified, metadata, last_latitude, last_longitude, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertJob =
      db.prepare(`INSERT INTO jobs (id, order_id, type, status, notes, team_id, branch_id, rider_id, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertJobHistory =
      db.prepare(`INSERT INTO job_status_history (job_id, status, remarks, actor_type, actor_id, actor_name, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.insertPickup =
      db.prepare(`INSERT INTO pickups (id, job_id, position, branch_id, status, slot_from, slot_to, address, customer,
      created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertDelivery =
      db.prepare(`INSERT INTO deliveries (id, job_id, position, branch_id, status, first_order, enable_otp, otp, note,
      unattended_delivery, leave_at_door, dont_ring_bell, age_restricted_delivery, signature_required, signature_image,
      proof_of_delivery_images, payment_type, amount_minor, tracking_id, slot_from, slot_to, address, customer, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertPackage = db.prepare(
      'INSERT INTO packages (pickup_id, delivery_id, package_id, barcode) VALUES (?, ?, ?, ?)',
    );
    this.insertStopHistory =
      db.prepare(`INSERT INTO stop_status_history (pickup_id, delivery_id, status, remarks, actor_type, actor_id,
      actor_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  branch(b: BranchRow): void {
    this.insertBranch.run(
      b.id,
      b.name,
      b.timeZone,
      b.formattedAddress,
      flag(b.active),
      b.latitude,
      b.longitude,
      b.createdAt,
      b.updatedAt,
      b.createdBy.user_type,
      b.createdBy.user_id,
      b.createdBy.user_name,
      b.updatedBy.user_type,
      b.updatedBy.user_id,
      b.updatedBy.user_name,
    );
    this.counts.branches++;
  }

  contact(
    branchId: string,
    position: number,
    c: { name: string; phone: string; from: string; to: string; days: string[] },
  ): void {
    this.insertContact.run(branchId, position, c.name, c.phone, c.from, c.to, JSON.stringify(c.days));
    this.counts.contacts++;
  }

  zone(
    branchId: string,
    position: number,
    z: { featureId: string; properties: object; geometry: object },
  ): void {
    this.insertZone.run(
      branchId,
      position,
      z.featureId,
      JSON.stringify(z.properties),
      JSON.stringify(z.geometry),
    );
    this.counts.zones++;
  }

  rider(r: {
    id: number;
    referenceId: string;
    name: string;
    username: string;
    dialCode: string;
    mobile: string;
    email: string;
    type: string;
    status: number;
    profilePic: string;
    emailVerified: boolean;
    phoneVerified: boolean;
    metadata: object;
    lastLatitude: number | null;
    lastLongitude: number | null;
    createdAt: number;
    updatedAt: number;
  }): void {
    this.insertRider.run(
      r.id,
      r.referenceId,
      r.name,
      r.username,
      r.dialCode,
      r.mobile,
      r.email,
      r.type,
      r.status,
      r.profilePic,
      flag(r.emailVerified),
      flag(r.phoneVerified),
      JSON.stringify(r.metadata),
      r.lastLatitude,
      r.lastLongitude,
      r.createdAt,
      r.updatedAt,
    );
    this.counts.riders++;
  }

  job(j: {
    id: number;
    orderId: string;
    type: string;
    status: number;
    notes: string;
    teamId: string;
    branchId: string;
    riderId: number;
    createdAt: number;
    updatedAt: number;
  }): void {
    this.insertJob.run(
      j.id,
      j.orderId,
      j.type,
      j.status,
      j.notes,
      j.teamId,
      j.branchId,
      j.riderId,
      j.createdAt,
      j.updatedAt,
    );
    this.counts.jobs++;
  }

  jobHistory(jobId: number, e: HistoryEntry): void {
    this.insertJobHistory.run(
      jobId,
      e.status,
      e.remarks,
      e.actor.user_type,
      e.actor.user_id,
      e.actor.user_name,
      e.at,
    );
    this.counts.jobStatusHistory++;
  }

  pickup(p: StopRowBase): number {
    this.counts.pickups++;
    const id = Number(
      this.insertPickup.run(
        null,
        p.jobId,
        p.position,
        p.branchId,
        p.status,
        p.slotFrom,
        p.slotTo,
        json(p.address),
        json(p.customer),
        p.createdAt,
        p.updatedAt,
      ).lastInsertRowid,
    );
    for (const e of p.history) this.stopHistory(id, null, e);
    return id;
  }

  delivery(d: DeliveryRow): number {
    this.counts.deliveries++;
    const id = Number(
      this.insertDelivery.run(
        null,
        d.jobId,
        d.position,
        d.branchId,
        d.status,
        flag(d.firstOrder),
        flag(d.enableOtp),
        d.otp,
        d.note,
        flag(d.unattendedDelivery),
        flag(d.leaveAtDoor),
        flag(d.dontRingBell),
        flag(d.ageRestricted),
        flag(d.signatureRequired),
        d.signatureImage,
        JSON.stringify(d.proofOfDeliveryImages),
        d.paymentType,
        d.amountMinor,
        d.trackingId,
        d.slotFrom,
        d.slotTo,
        json(d.address),
        json(d.customer),
        d.createdAt,
        d.updatedAt,
      ).lastInsertRowid,
    );
    for (const e of d.history) this.stopHistory(null, id, e);
    return id;
  }

  pickupPackage(pickupId: number, packageId: string, barcode: string): void {
    this.insertPackage.run(pickupId, null, packageId, barcode);
    this.counts.packages++;
  }

  deliveryPackage(deliveryId: number, packageId: string, barcode: string): void {
    this.insertPackage.run(null, deliveryId, packageId, barcode);
    this.counts.packages++;
  }

  stopHistory(pickupId: number | null, deliveryId: number | null, e: HistoryEntry): void {
    this.insertStopHistory.run(
      pickupId,
      deliveryId,
      e.status,
      e.remarks,
      e.actor.user_type,
      e.actor.user_id,
      e.actor.user_name,
      e.at,
    );
    this.counts.stopStatusHistory++;
  }
}
