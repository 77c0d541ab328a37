package dev.reviewgate.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.protocols.BARRIER;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

/**
 * The JGroups protocol stack of a member, bottom to top: TCP on {@code cluster.host:port}, discovery of the
 * {@code --join} list (TCPPING, never multicast), merging of split clusters (MERGE3), failure detection tuned to
 * {@code cluster.failureDetectionMs} (FD_SOCK2 for a closed process, FD_ALL3 for a silent one), and, with a key,
 * SYM_ENCRYPT under NAKACK2 as JGroups prescribes: every message of the protocols above it (joins, views, merges,
 * Infinispan's cache traffic) is encrypted with the key's AES key, and a message that was not is dropped.
 */
final class MembershipStack {

  /** How often a coordinator tells the others which view it has; splits are found within a few of these. */
  static final long MERGE_MIN_INTERVAL_MS = 1000;
  static final long MERGE_MAX_INTERVAL_MS = 3000;
  /** One round of looking for the listed members (JGroups' default join timeout). */
  static final long JOIN_ROUND_MS = 2000;

  private MembershipStack() {
  }

  /**
   * @param port the member port (already chosen when {@code cluster.port} is 0)
   * @param key  the cluster key, or null for an unencrypted loopback-only cluster
   */
  static List<Protocol> protocols(ClusterOptions options, int port, ClusterKey key) throws UnknownHostException {
    List<Protocol> stack = new ArrayList<>();
    stack.add(new TCP().setBindAddress(InetAddress.getByName(options.host())).setBindPort(port).setPortRange(0)
      .setValue("sock_conn_timeout", 300));
    stack.add(new TCPPING().setInitialHosts(initialHosts(options, port)).setPortRange(0));
    stack.add(new MERGE3().setMinInterval(MERGE_MIN_INTERVAL_MS).setMaxInterval(MERGE_MAX_INTERVAL_MS)
      .setCheckInterval(options.mergeCheckMs()));
    stack.add(new FD_SOCK2());
    stack.add(new FD_ALL3().setTimeout(options.failureDetectionMs()).setInterval(options.heartbeatMs()));
    stack.add(new VERIFY_SUSPECT2().setValue("timeout", options.suspectVerifyMs()));
    stack.add(new BARRIER());
    if (key != null) {
      stack.add(new SYM_ENCRYPT().setSecretKey(key.secret())
        .setValue("sym_algorithm", "AES/CBC/PKCS5Padding")
        .setValue("sym_iv_length", 16));
    }
    stack.add(new NAKACK2().setValue("use_mcast_xmit", false));
    stack.add(new UNICAST3());
    stack.add(new STABLE());
    // Join at once when a coordinator answers. Members starting together find each other without a coordinator and
    // JGroups lets the first of them (by address) form the cluster while the rest retry; a node that finds nobody
    // forms it alone after one round, and MERGE3 merges it with the others when they come. joinTimeoutMs bounds
    // the retries.
    long round = Math.min(JOIN_ROUND_MS, options.joinTimeoutMs());
    stack.add(new GMS().setJoinTimeout(round).setMaxJoinAttempts((int) Math.max(1, options.joinTimeoutMs() / round))
      .setValue("print_local_addr", false));
    stack.add(new UFC());
    stack.add(new MFC());
    stack.add(new FRAG4());
    return stack;
  }

  /** The {@code --join} list with this member itself, so that every member may be given the same list. */
  private static List<InetSocketAddress> initialHosts(ClusterOptions options, int port) {
    List<InetSocketAddress> hosts = new ArrayList<>();
    for (ClusterOptions.Member member : options.join()) {
      hosts.add(new InetSocketAddress(member.host(), member.port()));
    }
    InetSocketAddress self = new InetSocketAddress(options.host(), port);
    if (!hosts.contains(self)) {
      hosts.add(self);
    }
    return hosts;
  }
}
