// GnuTLS, from Debian's libgnutls28-dev, as a system library for the
// server's tests: a TLS client in the test's own process, where a `curl`
// process was, and the certificate it trusts, made without `openssl`.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

// Writes `datum` to a new file at `path`; 0, or GNUTLS_E_FILE_ERROR.
static inline int gaslog_test_write(const char *path, const gnutls_datum_t *datum) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return GNUTLS_E_FILE_ERROR;
    size_t written = fwrite(datum->data, 1, datum->size, file);
    return fclose(file) == 0 && written == datum->size ? 0 : GNUTLS_E_FILE_ERROR;
}

// A self-signed certificate for the address 127.0.0.1 (its CN and its
// subjectAltName), with a 2048-bit RSA key, as `openssl req -x509` made it,
// written as PEM to the two paths. Its validity runs from 1970 to no
// well-defined end, so that no test depends on today's date. 0, or a GnuTLS error.
static inline int gaslog_test_make_certificate(const char *certificate_path, const char *key_path) {
    gnutls_x509_privkey_t key = NULL;
    gnutls_x509_crt_t certificate = NULL;
    gnutls_datum_t certificate_pem = {NULL, 0}, key_pem = {NULL, 0};
    static const unsigned char serial[] = {0x01, 0x27, 0x00, 0x00, 0x01};
    static const unsigned char loopback[] = {127, 0, 0, 1};
    int result = gnutls_x509_privkey_init(&key);
    if (result == 0) result = gnutls_x509_privkey_generate(key, GNUTLS_PK_RSA, 2048, 0);
    if (result == 0) result = gnutls_x509_crt_init(&certificate);
    if (result == 0) result = gnutls_x509_crt_set_version(certificate, 3);
    if (result == 0) result = gnutls_x509_crt_set_serial(certificate, serial, sizeof serial);
    if (result == 0) result = gnutls_x509_crt_set_activation_time(certificate, 0);
    if (result == 0) result = gnutls_x509_crt_set_expiration_time(certificate, (time_t)-1);
    if (result == 0) result = gnutls_x509_crt_set_dn_by_oid(certificate, GNUTLS_OID_X520_COMMON_NAME, 0, "127.0.0.1", 9);
    if (result == 0) result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_IPADDRESS, loopback, sizeof loopback, GNUTLS_FSAN_SET);
    if (result == 0) result = gnutls_x509_crt_set_basic_constraints(certificate, 1, -1);
    if (result == 0) result = gnutls_x509_crt_set_key(certificate, key);
    if (result == 0) result = gnutls_x509_crt_sign2(certificate, certificate, key, GNUTLS_DIG_SHA256, 0);
    if (result == 0) result = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_PEM, &certificate_pem);
    if (result == 0) result = gnutls_x509_privkey_export2(key, GNUTLS_X509_FMT_PEM, &key_pem);
    if (result == 0) result = gaslog_test_write(certificate_path, &certificate_pem);
    if (result == 0) result = gaslog_test_write(key_path, &key_pem);
    gnutls_free(certificate_pem.data);
    gnutls_free(key_pem.data);
    if (certificate != NULL) gnutls_x509_crt_deinit(certificate);
    if (key != NULL) gnutls_x509_privkey_deinit(key);
    return result;
}

// One exchange over TLS on the connected socket `fd`: a handshake with the
// protocol versions `priorities` allows, the server's certificate checked
// against the CA in `ca_path` for 127.0.0.1, then `request` sent and the
// answer read until the server closes, each step at most 10 s. The answer,
// allocated with malloc, is the caller's to free. 0, or the GnuTLS error
// that ended the handshake (GNUTLS_E_FATAL_ALERT_RECEIVED when the server
// refused it, with its alert in `alert`); `version` is the protocol agreed.
static inline int gaslog_test_tls_exchange(
    int fd, const char *ca_path, const char *priorities, const char *request, size_t request_length, unsigned char **answer,
    size_t *answer_length, int *version, int *alert) {
    gnutls_certificate_credentials_t credentials = NULL;
    gnutls_session_t session = NULL;
    *answer = NULL;
    *answer_length = 0;
    *version = 0;
    *alert = -1;
    int result = gnutls_certificate_allocate_credentials(&credentials);
    if (result == 0) {
        result = gnutls_certificate_set_x509_trust_file(credentials, ca_path, GNUTLS_X509_FMT_PEM);
        if (result == 1) result = 0;
        else if (result >= 0) result = GNUTLS_E_FILE_ERROR;
    }
    if (result == 0) result = gnutls_init(&session, GNUTLS_CLIENT);
    if (result == 0) result = gnutls_priority_set_direct(session, priorities, NULL);
    if (result == 0) result = gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, credentials);
    if (result == 0) {
        gnutls_session_set_verify_cert(session, "127.0.0.1", 0);
        gnutls_transport_set_int(session, fd);
        gnutls_handshake_set_timeout(session, 10000);
        gnutls_record_set_timeout(session, 10000);
        do {
            result = gnutls_handshake(session);
        } while (result < 0 && !gnutls_error_is_fatal(result));
        if (result == GNUTLS_E_FATAL_ALERT_RECEIVED) *alert = (int)gnutls_alert_get(session);
    }
    if (result == 0) {
        *version = (int)gnutls_protocol_get_version(session);
        size_t sent = 0;
        while (result == 0 && sent < request_length) {
            ssize_t count = gnutls_record_send(session, request + sent, request_length - sent);
            if (count == GNUTLS_E_AGAIN || count == GNUTLS_E_INTERRUPTED) continue;
            if (count < 0) result = (int)count;
            else sent += (size_t)count;
        }
    }
    size_t capacity = 0;
    while (result == 0) {
        if (capacity - *answer_length < 16384) {
            capacity = capacity * 2 + 16384;
            unsigned char *grown = realloc(*answer, capacity);
            if (grown == NULL) {
                result = GNUTLS_E_MEMORY_ERROR;
                break;
            }
            *answer = grown;
        }
        ssize_t count = gnutls_record_recv(session, *answer + *answer_length, capacity - *answer_length);
        if (count == GNUTLS_E_AGAIN || count == GNUTLS_E_INTERRUPTED) continue;
        // A server that closes without a TLS close_notify has still answered.
        if (count == 0 || count == GNUTLS_E_PREMATURE_TERMINATION) break;
        if (count < 0) result = (int)count;
        else *answer_length += (size_t)count;
    }
    if (session != NULL) gnutls_deinit(session);
    if (credentials != NULL) gnutls_certificate_free_credentials(credentials);
    return result;
}
