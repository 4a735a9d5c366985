/**
 * @citadel/engine-android: the Android app (APK, APKS/XAPK, AAB) and Android
 * SDK (AAR, JAR) assessment engine. For now it exports the format readers
 * (./formats); the rules and the engine entry point build on them.
 */
export * from './formats/index.ts';
